/** Grey lines where content will be, while it loads (antd's Skeleton, drawn by the page's CSS). */
import './ui.css';
export function PlaceholderLines({ rows, label }: { rows: number; label?: string }) {
  return (
    <div className="dv-placeholder" role="status" aria-label={label ?? 'Loading'}>
      {Array.from({ length: rows }, (_, index) => (
        <span key={index} className="dv-placeholder-line" style={{ width: `${index === rows - 1 ? 60 : 100 - (index % 3) * 8}%` }} />
      ))}
    </div>
  );
}
