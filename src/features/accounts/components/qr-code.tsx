import { encode } from "uqr";

/**
 * A QR code drawn as SVG rectangles from uqr's module matrix (no markup injected, nothing fetched), e.g. the
 * otpauth:// URI of two-factor enrolment.
 */
export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
  const { data } = encode(value, { border: 2 });
  const n = data.length;
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${n} ${n}`} shapeRendering="crispEdges" className="rounded bg-white" data-testid="totp-qr">
      <rect width={n} height={n} fill="#fff" />
      {data.flatMap((row, y) => row.map((dark, x) => (dark ? <rect key={`${x}-${y}`} x={x} y={y} width={1} height={1} fill="#000" /> : null)))}
    </svg>
  );
}
