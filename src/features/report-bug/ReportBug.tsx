import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { MAX_BUG_DESCRIPTION, MAX_ORDER_IMAGES } from '../../../contract/constants.ts';
import { IMAGE_TYPES, imageFileMessage, imageFileProblem } from '../../core/images/image-files.ts';
import type { FieldErrors } from '../../core/profile/profile.ts';
import { reportBug } from '../../core/profile/report-bug.ts';
import { AttachedImages } from '../../ui/AttachedImages.tsx';
import { Button } from '../../ui/Button.tsx';
import { Field, INPUT_CLASS } from '../../ui/Field.tsx';

/** Thumbnails of the chosen screenshots, revoked when they change. */
function usePreviews(files: readonly File[]): string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

/** The errors with the screenshots' one replaced by `images` (or removed). */
function withoutImagesError(errors: FieldErrors, images?: string): FieldErrors {
  const next = { ...errors };
  delete next.images;
  return images ? { ...next, images } : next;
}

/**
 * Report a bug: a description (line breaks allowed) and up to MAX_ORDER_IMAGES screenshots
 * checked as order images are; errors beside the fields, a thank-you once it is sent.
 */
export function ReportBug() {
  const { t } = useLingui();
  const ids = useId();
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const previews = usePreviews(files);
  const full = files.length >= MAX_ORDER_IMAGES;

  const addFiles = (chosen: File[]) => {
    const next = [...files];
    let problem: string | undefined;
    for (const file of chosen) {
      const wrong = imageFileProblem(file, next.length);
      if (wrong) {
        problem = imageFileMessage(wrong);
        if (wrong === 'limit') break;
      } else {
        next.push(file);
      }
    }
    setFiles(next);
    setErrors((current) => withoutImagesError(current, problem));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    void reportBug(description, files).then((outcome) => {
      setBusy(false);
      if (outcome.ok) {
        setSent(true);
        setDescription('');
        setFiles([]);
        setErrors({});
      } else {
        setErrors(outcome.errors);
      }
    });
  };

  if (sent) {
    return (
      <div className="flex flex-col items-start gap-3" part="report-sent">
        <p role="status" className="m-0 rounded-sf bg-green-50 p-3 text-green-900">
          <Trans>Thank you. Your report has been sent.</Trans>
        </p>
        <Button variant="secondary" onClick={() => setSent(false)}><Trans>Report another problem</Trans></Button>
      </div>
    );
  }

  const descriptionId = `${ids}-description`;
  const imagesId = `${ids}-images`;
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate part="report-bug-form">
      <Field id={descriptionId} label={<Trans>What went wrong?</Trans>} error={errors.description}
        hint={`${description.length}/${MAX_BUG_DESCRIPTION}`}>
        <textarea
          id={descriptionId}
          className={`${INPUT_CLASS} min-h-32`}
          rows={6}
          maxLength={MAX_BUG_DESCRIPTION}
          value={description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${descriptionId}-error` : `${descriptionId}-hint`}
          onChange={(event) => setDescription(event.target.value)}
          part="bug-description"
        />
      </Field>
      <div className="flex flex-col gap-2">
        <AttachedImages
          images={files}
          parts={{ list: 'screenshots', image: 'screenshot', remove: 'screenshot-remove' }}
          keyOf={(file, index) => `${file.name}-${index}`}
          thumbnail={(_, index) => <img src={previews[index]} alt={t`Screenshot ${index + 1}`} className="h-20 w-20 rounded-sf object-cover" />}
          removeLabel={(index) => t`Remove screenshot ${index + 1}`}
          onRemove={(_file, index) => {
            setFiles(files.filter((_, at) => at !== index));
            setErrors((current) => withoutImagesError(current));
          }}
        />
        <div className="flex flex-wrap items-center gap-3">
          <label
            htmlFor={imagesId}
            part="screenshot-add"
            className="inline-flex min-h-11 cursor-pointer items-center rounded-sf border border-black/20 px-3 py-2 text-sm font-medium focus-within:ring-2 focus-within:ring-primary"
          >
            <Trans>Attach screenshots</Trans>
            <input
              id={imagesId}
              type="file"
              multiple
              accept={IMAGE_TYPES.join(',')}
              className="sr-only"
              aria-invalid={errors.images ? true : undefined}
              aria-describedby={errors.images ? `${imagesId}-error` : `${imagesId}-count`}
              onClick={(event) => {
                if (!full) return;
                event.preventDefault();
                setErrors((current) => ({ ...current, images: imageFileMessage('limit') }));
              }}
              onChange={(event) => {
                const chosen = [...(event.target.files ?? [])];
                event.target.value = '';
                addFiles(chosen);
              }}
            />
          </label>
          <span id={`${imagesId}-count`} part="screenshot-count" className="text-sm text-muted">{files.length}/{MAX_ORDER_IMAGES}</span>
        </div>
        {errors.images && <p id={`${imagesId}-error`} role="alert" className="m-0 text-sm text-red-700">{errors.images}</p>}
      </div>
      {errors.form && <p role="alert" className="m-0 text-sm text-red-700">{errors.form}</p>}
      <Button type="submit" disabled={busy} className="self-start" part="send-report">
        {busy ? <Trans>Sending…</Trans> : <Trans>Send report</Trans>}
      </Button>
    </form>
  );
}
