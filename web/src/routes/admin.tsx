import { useState } from 'react';
import '../features/auth/auth.css';
import { authMessages as t } from '../features/auth/messages';

const TABS = ['Tryouts', 'Player Details'] as const;
const slug = (name: string) => name.toLowerCase().replace(/\s+/g, '-');
type Tab = (typeof TABS)[number];

/** /admin (spec §2): the two tabs; the admin issue fills them. */
export function AdminPage() {
  const [tab, setTab] = useState<Tab>('Tryouts');
  return (
    <section className="dashboard-page">
      <h1>{t.adminTitle}</h1>
      <div role="tablist" aria-label="Admin sections" className="tabs">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`tab-${slug(name)}`}
            aria-selected={tab === name}
            aria-controls={`panel-${slug(name)}`}
            onClick={() => setTab(name)}
          >
            {name}
          </button>
        ))}
      </div>
      {TABS.map((name) => (
        <div
          key={name}
          role="tabpanel"
          id={`panel-${slug(name)}`}
          aria-labelledby={`tab-${slug(name)}`}
          hidden={tab !== name}
        >
          <h2>{name}</h2>
        </div>
      ))}
    </section>
  );
}
