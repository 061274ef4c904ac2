// Generates apps/server/assets/eula.pdf, the demo catalogue's end-user licence agreement.
// Run once (npx tsx apps/server/scripts/make-eula.ts); the PDF is committed, so the server never needs pdfkit for it.
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { GRACE_DAYS } from '@store/core';
import PDFDocument from 'pdfkit';

const out = join(import.meta.dirname, '..', 'assets', 'eula.pdf');
const doc = new PDFDocument({
  size: 'LETTER',
  margins: { top: 72, bottom: 72, left: 72, right: 72 },
  info: {
    Title: 'End-User License Agreement',
    Author: 'Licensed Software Store',
    CreationDate: new Date('2026-01-01T00:00:00Z'),
  },
});
doc.pipe(createWriteStream(out));

const sections: [string, string][] = [
  [
    '1. Grant of license',
    "Subject to this Agreement and payment of the applicable fees, the Licensor grants the Customer a non-exclusive, non-transferable license to install and use the Software during the subscription term, on the number of engines and designer seats stated in the Customer's order.",
  ],
  [
    '2. Subscription term and renewal',
    `Each subscription runs for the billing cycle chosen at purchase and renews automatically for successive cycles at the then-current price unless cancelled before the next billing date. A renewed subscription is deactivated if payment is not received within ${GRACE_DAYS} days of the renewal date.`,
  ],
  [
    '3. Usage and overage',
    "Plans include a monthly allowance of usage units (RTUs). Usage beyond the allowance is billed monthly at the plan's overage rate, up to the maximum overage amount the Customer sets. When that cap is reached, processing stops until the next month or until the cap is raised.",
  ],
  [
    '4. License keys and activations',
    "License keys are confidential. The Customer may activate the Software on no more machines than licensed. Keys may be flushed from all machines from the Customer's account. Offline licenses are bound to the host names supplied when they are generated.",
  ],
  [
    '5. Restrictions',
    'The Customer shall not sublicense, rent or lease the Software; reverse engineer it except as permitted by law; remove proprietary notices; or use the Software to provide a service bureau to third parties without a written agreement.',
  ],
  [
    '6. Fees and taxes',
    "Fees are payable in US dollars in advance of each billing cycle. Fees are non-refundable except where required by law. The Customer is responsible for taxes other than those on the Licensor's income.",
  ],
  [
    '7. Warranty and liability',
    "The Licensor warrants that the Software will perform substantially as documented for 90 days from first purchase. Otherwise the Software is provided as is. Neither party is liable for indirect or consequential damages; each party's total liability is limited to the fees paid in the twelve months before the claim.",
  ],
  [
    '8. Termination',
    'Either party may terminate for material breach not cured within 30 days of notice. Cancellation by the Customer takes effect at the end of the paid period; access continues until then.',
  ],
  [
    '9. Data protection',
    'Usage reports contain host names and page counts only. The Licensor processes them to bill usage and to support the Customer, as described in its privacy policy.',
  ],
  [
    '10. Governing law',
    'This Agreement is governed by the laws of the State of Colorado, USA, excluding its conflict-of-law rules.',
  ],
];

doc.font('Helvetica-Bold').fontSize(20).text('End-User License Agreement', { align: 'center' });
doc
  .moveDown(0.4)
  .font('Helvetica')
  .fontSize(10)
  .fillColor('#555555')
  .text('Pro, Flex, Artist, Manager and the engine libraries — version 2026.1', { align: 'center' });
doc.moveDown(1.5).fillColor('#000000').fontSize(11);
doc.text(
  'This End-User License Agreement ("Agreement") is between the Licensor and the organization that buys a subscription through the store ("Customer"). By ticking the terms-of-service box at purchase, the Customer accepts this Agreement.',
  { align: 'justify' },
);
for (const [heading, body] of sections) {
  doc.moveDown(1).font('Helvetica-Bold').fontSize(12).text(heading);
  doc.moveDown(0.3).font('Helvetica').fontSize(11).text(body, { align: 'justify' });
}
doc.end();
console.log(`wrote ${out}`);
