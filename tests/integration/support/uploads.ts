/** Uploads as a browser does: a POST form for a POST ticket (fields first, the file last). */
export async function postForm(ticket: { url: string; fields: Record<string, string> }, body: Uint8Array<ArrayBuffer>, contentType: string, fieldOverrides: Record<string, string> = {}): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...ticket.fields, ...fieldOverrides })) form.append(k, v);
  form.append('file', new Blob([body], { type: contentType }), 'file');
  return fetch(ticket.url, { method: 'POST', body: form });
}

/** PUTs one part to its presigned URL; the ETag names it on completion. */
export async function putPart(url: string, body: Uint8Array<ArrayBuffer>): Promise<{ status: number; etag: string }> {
  const res = await fetch(url, { method: 'PUT', body });
  await res.arrayBuffer();
  return { status: res.status, etag: (res.headers.get('etag') ?? '').replace(/"/g, '') };
}
