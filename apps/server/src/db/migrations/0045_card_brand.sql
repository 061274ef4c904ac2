-- The card's brand is kept with its last four digits so Modify Billing Info names the card on file.
ALTER TABLE "organizations" ADD COLUMN "card_brand" text;
