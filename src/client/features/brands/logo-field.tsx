import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePlus, Trash2 } from 'lucide-react';
import { Button } from '../../ui/button';
import { FieldError, Label } from '../../ui/field';
import { LOGO_MAX_PIXELS, LOGO_STORED_PIXELS } from '../../../shared/brands';
import { LOGO_ACCEPT, LOGO_MAX_MB, logoContentProblem, logoProblem, type LogoProblem } from './logo-check';
import { BrandLogo } from './brand-logo';

/** The logo the form will save: a new file, the removal of the current one, or neither. */
export type LogoChoice = { file: File | null; remove: boolean };
export const NO_LOGO_CHANGE: LogoChoice = { file: null, remove: false };

/**
 * Choose, preview and remove the brand's logo. The type, size, dimensions and (for an SVG) what it holds
 * are checked here by the server's rule; the server checks again when the form is saved (its refusal comes
 * back as `error`).
 */
export function LogoField({
  currentUrl,
  name,
  value,
  onChange,
  error,
  onError,
}: {
  currentUrl: string | null;
  name: string;
  value: LogoChoice;
  onChange: (choice: LogoChoice) => void;
  error?: string;
  onError: (message: string | undefined) => void;
}) {
  const { t } = useTranslation('brands');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(value.file);
  const shown = preview ?? (value.remove ? null : currentUrl);

  const messageOf = (problem: LogoProblem) =>
    ({
      size: t('logo.tooBig', { maxMb: LOGO_MAX_MB }),
      type: t('logo.wrongType'),
      pixels: t('logo.tooManyPixels', { maxPx: LOGO_MAX_PIXELS }),
      svg: t('logo.svgRefused'),
    })[problem];
  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    onError(undefined);
    const problem = logoProblem(file) ?? (await logoContentProblem(file));
    if (problem) {
      onError(messageOf(problem));
      return;
    }
    onChange({ file, remove: false });
  };

  return (
    <div>
      <Label htmlFor={id}>{t('logo.label')}</Label>
      <div className="flex flex-wrap items-center gap-4">
        <BrandLogo url={shown} name={name} size="lg" />
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
            <ImagePlus className="h-4 w-4" aria-hidden />
            {shown ? t('logo.replace') : t('logo.choose')}
          </Button>
          {shown && (
            <Button
              variant="ghost"
              size="sm"
              className="text-red-600"
              onClick={() => onChange({ file: null, remove: !!currentUrl })}
            >
              <Trash2 className="h-4 w-4" aria-hidden />
              {t('logo.remove')}
            </Button>
          )}
        </div>
        <input
          ref={input}
          id={id}
          type="file"
          accept={LOGO_ACCEPT}
          className="sr-only"
          aria-label={t('logo.label')}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {t('logo.hint', { maxMb: LOGO_MAX_MB, maxPx: LOGO_MAX_PIXELS, keptPx: LOGO_STORED_PIXELS })}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** An address for a chosen file's preview, released when the file changes or the field goes. */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}
