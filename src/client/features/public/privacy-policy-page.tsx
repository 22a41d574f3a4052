import { LegalPage } from './legal-page';

const SECTIONS = ['collect', 'use', 'sharing', 'security', 'rights', 'changes', 'contact'] as const;

export default function PrivacyPolicyPage() {
  return <LegalPage doc="privacy" sections={SECTIONS} />;
}
