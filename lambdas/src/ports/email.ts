/** One e-mail: plain text, to one address; `bookingId` ties it to the trip it is about. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  bookingId?: string;
}

export interface EmailSender {
  send(email: OutgoingEmail): Promise<void>;
}
