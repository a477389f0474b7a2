import type { ReactNode } from 'react';

interface Props {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}

/** The band at the top of an inner page: a small label, the page's one <h1>, and a short lead. */
export function PageHeader({ eyebrow, title, children }: Props) {
  return (
    <div className="page-header">
      <div className="container">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1>{title}</h1>
        {children ? <div className="lead">{children}</div> : null}
      </div>
    </div>
  );
}
