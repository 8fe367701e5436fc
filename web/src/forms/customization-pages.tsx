/**
 * The customization pages (SPEC section 2): /customization, an office manager's Form Customization (the forms an
 * office may customize: the verification form), /customization/verification (which of its questions the current
 * office leaves out) and /management/customization (which the organization leaves out for every office: admins and
 * super administrators read it, and those with the editGlobalCustomization privilege change it).
 */
import { matchRoute, PATHS } from '@dv/contracts';
import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { useOffice } from '../office/office-context';
import { SectionCard } from '../ui/section-card';
import { CustomizationEditor } from './customization-editor';
import { useCustomization } from './forms-api';
import '../ui/ui.css';
import './forms.css';

const label = (path: string, fallback: string) => matchRoute(path)?.label ?? fallback;

function Page({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section className="dv-page dv-fq-page" aria-labelledby={id}>
      <h1 id={id} className="dv-page-title">
        {title}
      </h1>
      <p className="dv-fq-intro">{intro}</p>
      {children}
    </section>
  );
}

export function CustomizationPage() {
  const view = useCustomization('office');
  const { currentSettings } = useOffice();
  const questions = view.data?.template.questions.length;
  const hidden = view.data ? new Set([...view.data.global.hiddenQuestions, ...(view.data.office?.hiddenQuestions ?? [])]).size : undefined;
  return (
    <Page id="customization-title" title={label(PATHS.customization, 'Form Customization')} intro={`The forms ${currentSettings?.name ?? 'this office'} may fit to how it works.`}>
      <SectionCard title={<Link to={PATHS.customizationVerification}>Verification form</Link>}>
        <p>
          The questions asked on each verification&apos;s form.{' '}
          {questions === undefined || hidden === undefined ? '' : `${questions - hidden} of ${questions} show for this office.`}
        </p>
      </SectionCard>
    </Page>
  );
}

export function VerificationCustomizationPage() {
  const { currentSettings } = useOffice();
  return (
    <Page
      id="verification-customization-title"
      title={label(PATHS.customizationVerification, 'Verification Form Customization')}
      intro={`Which questions of the verification form show on ${currentSettings?.name ?? 'this office'}'s verifications. What the organization hides stays hidden.`}
    >
      <CustomizationEditor scope="office" />
    </Page>
  );
}

export function GlobalCustomizationPage() {
  return (
    <Page
      id="global-customization-title"
      title={label(PATHS.managementCustomization, 'Global Customization')}
      intro="Which questions of the verification form the organization's offices leave out: what is hidden here is hidden for every office, which may hide more."
    >
      <CustomizationEditor scope="global" />
    </Page>
  );
}
