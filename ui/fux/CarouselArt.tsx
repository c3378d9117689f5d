/** Illustrations of the carousel and the start-mapping page, drawn inline. */
export function DeliveryArt() {
  return (
    <svg className="art" viewBox="0 0 320 220" width="320" height="220" aria-hidden="true" focusable="false">
      <rect x="10" y="186" width="300" height="8" rx="4" className="art-ground" />
      <rect x="40" y="70" width="120" height="110" rx="26" className="art-robot" />
      <rect x="58" y="88" width="84" height="44" rx="18" className="art-screen" />
      <circle cx="82" cy="110" r="7" className="art-eye" />
      <circle cx="118" cy="110" r="7" className="art-eye" />
      <circle cx="66" cy="184" r="10" className="art-wheel" />
      <circle cx="134" cy="184" r="10" className="art-wheel" />
      <rect x="70" y="34" width="60" height="36" rx="6" className="art-box" />
      <path d="M100 34v36M70 50h60" className="art-line" />
      <path d="M190 120h70m-16-16 16 16-16 16" className="art-arrow" />
      <rect x="270" y="60" width="30" height="126" rx="6" className="art-door" />
    </svg>
  );
}

export function MappingArt() {
  return (
    <svg className="art" viewBox="0 0 320 220" width="320" height="220" aria-hidden="true" focusable="false">
      <rect x="20" y="20" width="280" height="180" rx="16" className="art-map" />
      <path d="M20 90h90v-70M200 20v80h100M110 200v-50h80" className="art-wall" />
      <path d="M60 170q40-60 90-40t90-70" className="art-path" />
      <circle cx="60" cy="170" r="14" className="art-robot" />
      <circle cx="240" cy="60" r="12" className="art-pin" />
      <circle cx="160" cy="132" r="9" className="art-person" />
    </svg>
  );
}

export function TeamArt() {
  return (
    <svg className="art" viewBox="0 0 320 220" width="320" height="220" aria-hidden="true" focusable="false">
      <rect x="10" y="190" width="300" height="8" rx="4" className="art-ground" />
      <circle cx="90" cy="60" r="24" className="art-person" />
      <path d="M50 190v-60q0-40 40-40t40 40v60z" className="art-person" />
      <rect x="170" y="90" width="110" height="96" rx="26" className="art-robot" />
      <rect x="186" y="106" width="78" height="40" rx="16" className="art-screen" />
      <circle cx="208" cy="126" r="6" className="art-eye" />
      <circle cx="242" cy="126" r="6" className="art-eye" />
      <rect x="124" y="20" width="64" height="44" rx="14" className="art-bubble" />
      <path d="M140 42l8 8 16-16" className="art-check" />
    </svg>
  );
}
