// Placeholder so the build works; the staff console's owner replaces this file.
export default function AdminApp() {
  return <div>admin</div>;
}
