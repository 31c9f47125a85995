export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The one link the mail is about (verification, reset); logged when mail goes to the outbox. */
  link?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Where the mailer reports what it did; console by default, silent in tests. */
export type MailLog = (message: string) => void;
