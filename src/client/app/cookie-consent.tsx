import { useState } from 'react';
import { recordConsent, storedConsent, type ConsentChoice } from '../lib/consent';
import { CookieBanner } from '../ui/cookie-banner';

export function CookieConsent() {
  const [choice, setChoice] = useState(storedConsent);
  const [details, setDetails] = useState(false);
  if (choice) return null;
  const choose = (value: ConsentChoice) => {
    recordConsent(value);
    setChoice(value);
  };
  return <CookieBanner details={details} onToggleDetails={() => setDetails((d) => !d)} onChoose={choose} />;
}
