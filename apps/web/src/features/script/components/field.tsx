import type { ReactNode } from 'react';

/** Ids of the editor's single fields (there is one editor on the screen). */
export const fieldId = (label: string) => `script-editor-${encodeURIComponent(label).replace(/%/g, '')}`;

/** A label above its control, tied to it by id. */
export function Field({
  label,
  htmlFor,
  className = 'script-editor__field',
  children,
}: {
  label: string;
  htmlFor?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={htmlFor ?? fieldId(label)}>{label}</label>
      {children}
    </div>
  );
}
