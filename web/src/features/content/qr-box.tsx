/** Spec §9: QR codes are 150 px. With no image the box says why (not configured, or under maintenance). */
export const QR_SIZE = 150;

export function QrBox({
  label,
  src,
  alt,
  placeholder,
}: {
  label: string;
  src?: string;
  alt: string;
  placeholder: string;
}) {
  return (
    <figure className="qr-box">
      {src ? (
        <img className="qr-box__image" src={src} alt={alt} width={QR_SIZE} height={QR_SIZE} loading="lazy" />
      ) : (
        <div className="qr-box__placeholder" style={{ width: QR_SIZE, height: QR_SIZE }}>
          {placeholder}
        </div>
      )}
      <figcaption className="qr-box__label">{label}</figcaption>
    </figure>
  );
}
