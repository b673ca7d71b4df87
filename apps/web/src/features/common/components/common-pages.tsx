import { Button, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CommonLayout } from '../../../components/layouts/common-layout';
import { useDocumentTitle } from '../../../components/ui/use-document-title';
import { signOut } from '../../../lib/session';
import { selectIsSignedIn, useAppSelector } from '../../../lib/store';

/** /forbidden: the route guard sends users here when a permission is missing. */
export function ForbiddenPage() {
  useDocumentTitle('Access denied');
  const signedIn = useAppSelector(selectIsSignedIn);
  return (
    <CommonLayout>
      <Text fw={700} c="dimmed" size="xl" aria-hidden="true">
        403
      </Text>
      <Title order={1}>Access denied</Title>
      <Text c="dimmed">
        Your role does not give you access to this page. Ask your administrator if you need it.
      </Text>
      <Group>
        <Button component={Link} to="/">
          Go to home
        </Button>
        {signedIn && (
          <Button variant="default" onClick={() => void signOut()}>
            Sign out
          </Button>
        )}
      </Group>
    </CommonLayout>
  );
}

export function ServerErrorPage() {
  useDocumentTitle('Something went wrong');
  return (
    <CommonLayout>
      <Text fw={700} c="dimmed" size="xl" aria-hidden="true">
        500
      </Text>
      <Title order={1}>Something went wrong</Title>
      <Text c="dimmed">The server could not complete the request. Please try again in a moment.</Text>
      <Group>
        <Button onClick={() => window.location.reload()}>Try again</Button>
        <Button component={Link} to="/" variant="default">
          Go to home
        </Button>
      </Group>
    </CommonLayout>
  );
}

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <CommonLayout>
      <Text fw={700} c="dimmed" size="xl" aria-hidden="true">
        404
      </Text>
      <Title order={1}>Page not found</Title>
      <Text c="dimmed">There is no page at this address.</Text>
      <Button component={Link} to="/">
        Go to home
      </Button>
    </CommonLayout>
  );
}
