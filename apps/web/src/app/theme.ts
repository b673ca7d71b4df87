import { createTheme, PasswordInput } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  defaultRadius: 'md',
  components: {
    PasswordInput: PasswordInput.extend({
      defaultProps: {
        // Mantine's default name, "Toggle password visibility", makes label queries such as
        // "Password" match the eye button too.
        visibilityToggleButtonProps: { 'aria-label': 'Show or hide characters' },
      },
    }),
  },
});
