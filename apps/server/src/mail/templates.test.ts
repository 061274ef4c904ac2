import { describe, expect, it } from 'vitest';
import { addedToOrganizationMail, verifyEmailMail } from './templates';

// A sentence that ends with an organization's name has one full stop, whatever the name ends with.
describe('account mails', () => {
  const common = { publicUrl: 'https://store.test', to: 'ava@example.com', firstName: 'Ava', token: 't' };

  it('thanks for registering "Demo Documents Inc." with one full stop', () => {
    const mail = verifyEmailMail({ ...common, companyName: 'Demo Documents Inc.' });
    expect(mail.text).toContain('thank you for registering Demo Documents Inc. Open this link');
    expect(mail.text).not.toContain('Inc..');
  });

  it('still ends the sentence after a name without a stop', () => {
    const mail = addedToOrganizationMail({ ...common, companyName: 'Acme', addedBy: 'Dana Demo' });
    expect(mail.text).toContain('Dana Demo added you as a user of Acme. Open this link');
  });
});
