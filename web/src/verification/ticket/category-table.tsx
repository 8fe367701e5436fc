/**
 * Coverage by category: each category of the plan (in the enumeration's order) followed by its subcategories,
 * with what the plan pays, whether the deductible applies and the waiting period; limitations and lifetime
 * maximums when the plan states any for a category. A category the plan does not state reads 'Not stated' and
 * can still be edited: the edit's path creates its adaCodes entry. PlanCategoryTable shows any plan's (the plan
 * library's, read only inside ReadOnlyFields).
 */
import {
  type BenefitEntryV3,
  CATEGORIES,
  CATEGORY_KEY_PREFIX,
  type Category,
  categoryOfSubcategory,
  type PlanV3,
  SUBCATEGORIES,
  SUBCATEGORY_KEY_PREFIX,
} from '@dv/contracts';
import { theme } from 'antd';
import { type FieldKind } from './breakdown-format';
import { ScoredField } from './scored-field';
import { useWorkspace } from './workspace-context';
import { type PlainColumn, PlainTable } from '../../ui/plain-table';

type CategoryRow = {
  /** The adaCodes key: 'CAT:Basic', 'SUB:Crowns'. */
  readonly key: string;
  readonly name: string;
  readonly isSubcategory: boolean;
  readonly entry: BenefitEntryV3 | undefined;
};

type EntryField = 'benefitLevel' | 'deductible' | 'waitingPeriod' | 'limitation' | 'lifetimeMaximum';

/** Categories in the enumeration's order, each followed by the subcategories whose codes fall in it. */
function categoryRows(adaCodes: Readonly<Record<string, BenefitEntryV3>>): CategoryRow[] {
  return CATEGORIES.flatMap((category: Category) => {
    const categoryKey = `${CATEGORY_KEY_PREFIX}${category}`;
    const subcategories = SUBCATEGORIES.filter((subcategory) => {
      const stated = adaCodes[`${SUBCATEGORY_KEY_PREFIX}${subcategory}`]?.category;
      return (stated ?? categoryOfSubcategory(subcategory)) === category;
    });
    return [
      { key: categoryKey, name: category, isSubcategory: false, entry: adaCodes[categoryKey] },
      ...subcategories.map((subcategory) => {
        const key = `${SUBCATEGORY_KEY_PREFIX}${subcategory}`;
        return { key, name: subcategory, isSubcategory: true, entry: adaCodes[key] };
      }),
    ];
  });
}

function EntryValue({ row, field, kind, label }: { row: CategoryRow; field: EntryField; kind: FieldKind; label: string }) {
  return (
    <ScoredField
      path={`plan.benefits.adaCodes.${row.key}.${field}`}
      field={row.entry?.[field]}
      kind={kind}
      label={`${row.name} ${label}`}
    />
  );
}

/** The verification's plan. */
export function CategoryTable() {
  const { detail } = useWorkspace();
  return <PlanCategoryTable plan={detail.plan} />;
}

export function PlanCategoryTable({ plan }: { plan: PlanV3 | null }) {
  const { token } = theme.useToken();
  const adaCodes = plan?.benefits.adaCodes ?? {};
  const rows = plan ? categoryRows(adaCodes) : [];
  const states = (field: EntryField) => rows.some((row) => row.entry?.[field] !== undefined);

  const columns: PlainColumn<CategoryRow>[] = [
    {
      title: 'Category',
      key: 'name',
      rowScope: 'row',
      render: (_, row) => (
        <div style={row.isSubcategory ? { paddingInlineStart: token.paddingLG } : { fontWeight: token.fontWeightStrong }}>
          {row.name}
          {(row.entry?.caveat ?? []).map((caveat, index) => (
            <div key={`${index}:${caveat.value}`} style={{ color: token.colorTextDescription, fontSize: token.fontSizeSM, fontWeight: 'normal' }}>
              {caveat.value}
            </div>
          ))}
        </div>
      ),
    },
    {
      title: 'Plan pays',
      key: 'benefitLevel',
      render: (_, row) => <EntryValue row={row} field="benefitLevel" kind={{ kind: 'percent' }} label="plan pays" />,
    },
    {
      title: 'Deductible applies',
      key: 'deductible',
      render: (_, row) => <EntryValue row={row} field="deductible" kind={{ kind: 'boolean' }} label="deductible applies" />,
    },
    {
      title: 'Waiting period',
      key: 'waitingPeriod',
      render: (_, row) => <EntryValue row={row} field="waitingPeriod" kind={{ kind: 'waitingPeriod' }} label="waiting period" />,
    },
  ];
  if (states('limitation')) {
    columns.push({
      title: 'Limitation',
      key: 'limitation',
      render: (_, row) => <EntryValue row={row} field="limitation" kind={{ kind: 'limitation' }} label="limitation" />,
    });
  }
  if (states('lifetimeMaximum')) {
    columns.push({
      title: 'Lifetime maximum',
      key: 'lifetimeMaximum',
      render: (_, row) => <EntryValue row={row} field="lifetimeMaximum" kind={{ kind: 'money' }} label="lifetime maximum" />,
    });
  }

  return (
    <div className="dv-breakdown-table" style={{ minWidth: 0, maxWidth: '100%' }}>
      <PlainTable<CategoryRow>
        label="Coverage by category"
        columns={columns}
        dataSource={rows}
        emptyText="No plan from the sources yet"
      />
    </div>
  );
}
