import { t } from '@lingui/core/macro';
import { MAX_BUG_DESCRIPTION } from '../../../contract/constants.ts';
import { callApi } from '../api/client.ts';
import { MESSAGES, say } from '../i18n/messages.ts';
import { readAsDataUrl } from '../images/image-files.ts';
import { fieldErrorsOf, type FieldErrors } from './profile.ts';

export function bugReportErrors(description: string): FieldErrors {
  if (!description.trim()) return { description: t`Please describe the problem` };
  if (description.length > MAX_BUG_DESCRIPTION) return { description: t`The description can be at most ${MAX_BUG_DESCRIPTION} characters` };
  return {};
}

export type ReportOutcome = { ok: true } | { ok: false; errors: FieldErrors };

/**
 * customer_report_bug with the screenshots (already checked with imageFileProblem) and the page
 * and browser it is sent from. A refused screenshot's error is shown on the screenshots field.
 */
export async function reportBug(description: string, screenshots: readonly Blob[]): Promise<ReportOutcome> {
  const errors = bugReportErrors(description);
  if (Object.keys(errors).length) return { ok: false, errors };
  try {
    const images = await Promise.all(screenshots.map(readAsDataUrl));
    const response = await callApi('customer_report_bug', {
      description,
      images,
      // Without the query and fragment, which may carry a payment return's details.
      page: `${location.origin}${location.pathname}`.slice(0, 500),
      user_agent: navigator.userAgent.slice(0, 500),
    });
    if (response.code !== 200) return { ok: false, errors: { form: response.msg ?? say(MESSAGES.somethingWentWrong) } };
    return { ok: true };
  } catch (error) {
    const fields = fieldErrorsOf(error);
    // images.0, images.1…: shown beside the screenshots.
    const images = Object.entries(fields).find(([field]) => field.startsWith('images'))?.[1];
    return { ok: false, errors: { ...(fields.description ? { description: fields.description } : {}), ...(images ? { images } : {}) } };
  }
}
