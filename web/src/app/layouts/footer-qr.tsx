/** A labelled QR code box; with no image it says why (not configured, or under maintenance). */
export const QR_SIZE = 150;

interface FooterQrProps {
  label: string;
  src?: string;
  alt: string;
  /** Shown in the box instead of an image. */
  placeholder: string;
  size?: number;
}

export function FooterQr({ label, src, alt, placeholder, size = QR_SIZE }: FooterQrProps) {
  return (
    <figure className="footer-qr">
      {src ? (
        <img className="footer-qr__image" src={src} alt={alt} width={size} height={size} loading="lazy" />
      ) : (
        <div className="footer-qr__placeholder" style={{ width: size, height: size }}>
          {placeholder}
        </div>
      )}
      <figcaption className="footer-qr__label">{label}</figcaption>
    </figure>
  );
}
