/** A side bay of the robot with its shelves: free (one big space), double (two) or triple (three). */
const BAY = { x: 20, y: 16, w: 160, h: 200 };

/** Boxes per compartment: fewer and larger where the compartment is taller. */
function Items({ top, height, count }: { top: number; height: number; count: number }) {
  const size = Math.min(height - 18, 120 / count);
  const gap = (BAY.w - 16 - size * count) / (count + 1);
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <rect key={i} x={BAY.x + 8 + gap + i * (size + gap)} y={top + height - size - 6} width={size} height={size} rx={6} className="shelf-item" />
      ))}
    </>
  );
}

export function ShelfPicture({ layout }: { layout: 0 | 1 | 2 }) {
  const parts = layout + 1;
  const h = BAY.h / parts;
  return (
    <svg className="shelf-picture" viewBox="0 0 200 232" width="200" height="232" aria-hidden="true" focusable="false">
      <rect x={BAY.x - 8} y={BAY.y - 8} width={BAY.w + 16} height={BAY.h + 16} rx={18} className="shelf-frame" />
      <rect x={BAY.x} y={BAY.y} width={BAY.w} height={BAY.h} rx={10} className="shelf-bay" />
      {Array.from({ length: parts }, (_, i) => (
        <g key={i}>
          {i > 0 && <rect x={BAY.x} y={BAY.y + i * h - 4} width={BAY.w} height={8} rx={3} className="shelf-board" />}
          <Items top={BAY.y + i * h} height={h} count={parts === 1 ? 1 : parts === 2 ? 2 : 3} />
        </g>
      ))}
    </svg>
  );
}
