/** Who is calling, as far as the network says: what per-client limits count. */
export interface ClientAddress {
  /** The first X-Forwarded-For address (the viewer, behind CloudFront); the caller can forge it. */
  viewer?: string;
  /** The connecting address API Gateway saw (a CloudFront edge, or a direct caller); cannot be forged. */
  source?: string;
}
