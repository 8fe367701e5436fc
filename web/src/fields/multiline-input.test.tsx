import { MULTILINE_MAX_ROWS, MULTILINE_MIN_ROWS } from '@dv/contracts';
import { render, screen } from '@testing-library/react';
import { MultilineInput } from './multiline-input';

const ROW_PX = 20;

describe('multiline fields (SPEC section 2: 3 to 8 rows)', () => {
  // jsdom lays nothing out: a textarea's content height is its line count times one row.
  let restore: () => void;
  beforeEach(() => {
    const descriptor = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollHeight');
    Object.defineProperty(HTMLTextAreaElement.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLTextAreaElement) {
        return ROW_PX * Math.max(1, this.value.split('\n').length);
      },
    });
    restore = () => {
      delete (HTMLTextAreaElement.prototype as { scrollHeight?: number }).scrollHeight;
      if (descriptor) Object.defineProperty(HTMLElement.prototype, 'scrollHeight', descriptor);
    };
  });
  afterEach(() => restore());

  const lines = (count: number) => Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n');

  it.each([
    [0, MULTILINE_MIN_ROWS],
    [1, MULTILINE_MIN_ROWS],
    [5, 5],
    [MULTILINE_MAX_ROWS, MULTILINE_MAX_ROWS],
    [20, MULTILINE_MAX_ROWS],
  ])('with %i lines of text spans %i rows', (count, rows) => {
    render(
      <MultilineInput
        aria-label="Note"
        // No padding or border to add: the height is rows alone.
        style={{ padding: 0, borderWidth: 0, boxSizing: 'content-box' }}
        value={count === 0 ? '' : lines(count)}
        onChange={() => undefined}
      />,
    );
    const area = screen.getByRole('textbox', { name: 'Note' });
    expect(area.style.height).toBe(`${rows * ROW_PX}px`);
    expect(area.style.minHeight).toBe(`${3 * ROW_PX}px`);
    expect(area.style.maxHeight).toBe(`${8 * ROW_PX}px`);
    // Beyond 8 rows the field scrolls instead of growing.
    expect(area.style.overflowY === 'hidden').toBe(count <= MULTILINE_MAX_ROWS);
  });
});
