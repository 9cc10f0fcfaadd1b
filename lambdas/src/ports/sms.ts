export interface SmsSender {
  send(phoneNumber: string, message: string): Promise<void>;
}
