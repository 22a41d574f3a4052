import { eq } from 'drizzle-orm';
import type { CurrentUser } from '../../shared/auth.js';
import { sellerSettingsSchema, type InvoiceDocument, type SellerSettings, type SellerSettingsInput } from '../../shared/invoices.js';
import type { Db } from '../db/client.js';
import { sellerSettings } from '../db/schema.js';
import { recordAudit } from '../audit/audit.service.js';

/**
 * The seller as a fresh installation has it: a Dubai free-zone company registered for VAT in the UAE and,
 * as a non-resident, in Saudi Arabia; each country's standard rate for businesses and consumers alike.
 * Other countries' business buyers are invoiced under the reverse charge (no rate given for them).
 */
export const DEFAULT_SELLER: SellerSettings = {
  legalName: 'Nashr FZ-LLC',
  legalNameAr: 'نشر م.م.ح',
  address: 'Office 1204, Building 7, Dubai Media City, Dubai, United Arab Emirates',
  addressAr: 'مكتب 1204، المبنى 7، مدينة دبي للإعلام، دبي، الإمارات العربية المتحدة',
  registrations: [
    { country: 'UAE', taxNumber: '100234567800003' },
    { country: 'Saudi Arabia', taxNumber: '310234567800003' },
  ],
  invoicePrefix: 'NSR',
  vatRates: [
    { country: 'UAE', buyerKind: 'business', rate: 5 },
    { country: 'UAE', buyerKind: 'consumer', rate: 5 },
    { country: 'Saudi Arabia', buyerKind: 'business', rate: 15 },
    { country: 'Saudi Arabia', buyerKind: 'consumer', rate: 15 },
  ],
  displayCurrency: 'AED',
  // The dirham's peg to the dollar, fixed by the Central Bank of the UAE since 1997.
  exchangeRate: '3.6725',
  rateDate: '1997-11-01',
};

/** The console's saved settings, else SELLER_SETTINGS, else the defaults. */
export async function loadSeller(db: Db, configured: SellerSettings | undefined): Promise<SellerSettings> {
  const [row] = await db.select().from(sellerSettings).where(eq(sellerSettings.id, 1)).limit(1);
  if (row) return sellerSettingsSchema.parse(row.settings);
  return configured ?? DEFAULT_SELLER;
}

/** PUT /api/admin/seller: stored, and the change recorded in the audit log with what it was before. */
export async function saveSeller(
  db: Db,
  actor: CurrentUser,
  configured: SellerSettings | undefined,
  input: SellerSettingsInput,
): Promise<SellerSettings> {
  const settings = sellerSettingsSchema.parse(input);
  return db.transaction(async (tx) => {
    const before = await loadSeller(tx, configured);
    await tx
      .insert(sellerSettings)
      .values({ id: 1, settings, updatedBy: actor.id })
      .onConflictDoUpdate({ target: sellerSettings.id, set: { settings, updatedBy: actor.id, updatedAt: new Date() } });
    await recordAudit(tx, { id: actor.id, email: actor.email }, 'seller.updated', null, { before, after: settings });
    return settings;
  });
}

/** The seller as a document prints it: its names and addresses, and the one registration the document is under (none: no tax number). */
export function printedSeller(
  seller: SellerSettings,
  registration: { country: string; taxNumber: string } | null | undefined,
): InvoiceDocument['seller'] {
  return {
    legalName: seller.legalName,
    legalNameAr: seller.legalNameAr,
    address: seller.address,
    addressAr: seller.addressAr,
    country: registration?.country ?? '',
    taxNumber: registration?.taxNumber || null,
  };
}
