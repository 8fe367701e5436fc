/**
 * A part of the breakdown in a bordered box with its title on a ruled head, drawn like antd's Card. Antd's Card
 * brings its Tabs (some 14 KB compressed) for the tabbed cards this page never shows.
 */
import { type HTMLAttributes, type ReactNode, useId } from 'react';
import './ui.css';

export type SectionCardProps = Omit<HTMLAttributes<HTMLElement>, 'title'> & {
  /** The head's title, a heading that names the section; without one the section needs an aria-label. */
  readonly title?: ReactNode;
  /** 'small': the compact head and padding of antd's small card. */
  readonly size?: 'small';
};

export function SectionCard({ title, size, className, children, ...section }: SectionCardProps) {
  const titleId = useId();
  const classes = ['dv-card', size === 'small' ? 'dv-card-small' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <section className={classes} aria-labelledby={title === undefined ? undefined : titleId} {...section}>
      {title === undefined ? null : (
        <h3 id={titleId} className="dv-card-title">
          {title}
        </h3>
      )}
      <div className="dv-card-body">{children}</div>
    </section>
  );
}
