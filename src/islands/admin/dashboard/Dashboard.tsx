export default function Dashboard() {
  return <main id="main"><h1>Dashboard</h1></main>;
}
