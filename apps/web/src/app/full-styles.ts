// Every Mantine component's styles. The first load (sign-in, password pages) carries only the few it
// uses (see main.tsx); the signed-in layout and every other screen bring this sheet with their chunk.
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
