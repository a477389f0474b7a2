export function HomePage() {
  return <h1>Edmonton youth basketball</h1>;
}
