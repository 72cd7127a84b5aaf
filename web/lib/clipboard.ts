import { t } from '@web/i18n/i18n';

/**
 * Copies text to the clipboard. The async Clipboard API exists only in secure contexts; on plain
 * http (a LAN install) the older selection-based copy is used instead.
 */
export async function copyToClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission refused or not focused: try the fallback below.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error(t('lib.clipboard.failed'));
  } finally {
    area.remove();
  }
}
