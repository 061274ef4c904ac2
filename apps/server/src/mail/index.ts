import type { Config } from '../config';
import { createLogMailer, type Mailer } from './mailer';
import { createSmtpMailer } from './smtp-mailer';

export function createMailer(config: Config, log: { info: (obj: object, msg: string) => void }): Mailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createLogMailer(log);
}
