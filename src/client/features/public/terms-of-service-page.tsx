import { LegalPage } from './legal-page';

const SECTIONS = [
  'acceptance',
  'service',
  'accounts',
  'acceptableUse',
  'content',
  'payment',
  'ip',
  'liability',
  'termination',
  'law',
  'contact',
] as const;

export default function TermsOfServicePage() {
  return <LegalPage doc="terms" sections={SECTIONS} />;
}
