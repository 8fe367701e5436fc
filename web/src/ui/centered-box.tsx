/**
 * A page whose whole content is one message (terms, sign-in prompts, the maintenance lock): a box in the middle of
 * the screen, 480 px wide at most (app.css .dv-centered-card), drawn like antd's Card. Antd's Card brings its Tabs,
 * Menu and Dropdown (some 18 KB compressed) to pages that are otherwise nearly empty.
 */
import { type ReactNode } from 'react';
import './ui.css';

export function CenteredBox({ children }: { children: ReactNode }) {
  return (
    <main className="dv-centered">
      {/* The card fills the sized box, so its border stays within the 480 px and within a phone's screen. */}
      <div className="dv-centered-card">
        <div className="dv-card">
          <div className="dv-card-body">{children}</div>
        </div>
      </div>
    </main>
  );
}
