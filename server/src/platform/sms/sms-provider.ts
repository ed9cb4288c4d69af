/**
 * SMS delivery behind one small interface. `console` (the default) writes one JSON line per message to
 * standard output with mobile, event and code, for development and tests; a real SMS service gets an adapter here.
 */
export interface SmsMessage {
  mobile: string;
  event: string;
  code: string;
}

export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

export function consoleSmsProvider(write: (line: string) => void = (l) => process.stdout.write(l)): SmsProvider {
  return {
    async send({ mobile, event, code }) {
      write(
        `${JSON.stringify({ type: 'sms', provider: 'console', mobile, event, code, time: new Date().toISOString() })}\n`,
      );
    },
  };
}

export function smsProviderFor(name: 'console'): SmsProvider {
  switch (name) {
    case 'console':
      return consoleSmsProvider();
  }
}
