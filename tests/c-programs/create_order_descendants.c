// Ordering through creation: main writes the configuration before it creates a
// child, which creates a grandchild; both read it without a lock. The child joins the
// grandchild before it writes the result, and main joins the child before reading it
// and before writing the configuration again.
// expect: config race-free
// expect: result race-free
// expect: partial race-free
// racy-twin: create_order_descendants_racy.c
#include <pthread.h>
#include <stdio.h>

static int config;
static int partial;
static int result;

static void *
grandchild (void *arg)
{
  partial = config * 2;
  return arg;
}

static void *
child (void *arg)
{
  pthread_t g;
  int c = config;
  if (pthread_create (&g, NULL, grandchild, NULL) != 0)
    return NULL;
  pthread_join (g, NULL);
  result = c + partial;
  return arg;
}

int
main (void)
{
  pthread_t t;
  config = 42;
  pthread_create (&t, NULL, child, NULL);
  pthread_join (t, NULL);
  printf ("%d\n", result);
  config = 7;
  pthread_create (&t, NULL, child, NULL);
  pthread_join (t, NULL);
  return result;
}
