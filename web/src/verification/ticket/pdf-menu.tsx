/**
 * The header's 'Download PDF' menu: the breakdown with the patient, or the plan alone. Loaded after the page
 * shows (antd's Dropdown brings its Menu, some 19 KB compressed), with the same button standing in meanwhile.
 */
import { type VerificationPdfQuery } from '@dv/contracts';
import { Dropdown } from 'antd';
import { type ReactElement } from 'react';

const ITEMS: { key: VerificationPdfQuery['type']; label: string }[] = [
  { key: 'Breakdown', label: 'Breakdown (with the patient)' },
  { key: 'Plan', label: 'Plan only (no patient data)' },
];

export function PdfMenu({ onPick, children }: { onPick: (type: VerificationPdfQuery['type']) => void; children: ReactElement }) {
  return (
    <Dropdown trigger={['click']} menu={{ items: ITEMS, onClick: ({ key }) => onPick(key as VerificationPdfQuery['type']) }}>
      {children}
    </Dropdown>
  );
}
