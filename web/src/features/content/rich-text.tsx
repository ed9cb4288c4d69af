import './rich-text.css';

/**
 * HTML written by staff in the content console (news, help, answers, plan terms). The server sanitizes it when
 * it is saved and again when it is shown (contract/content-types.ts), so it is safe to render as HTML here.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={className ? `rich-text ${className}` : 'rich-text'}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server on save and on show
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
