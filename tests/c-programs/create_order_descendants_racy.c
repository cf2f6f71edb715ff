// The racy twin of create_order_descendants.c: main writes the configuration again
// before it joins the second child, whose grandchild may still be reading it.
// expect: config RACE
// expect-race-at: config 43 26
// expect: result race-free
// expect: partial race-free
// fixed-twin: create_order_descendants.c
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
  pthread_create (&t, NULL, child, NULL);
  config = 7;
  pthread_join (t, NULL);
  return result;
}
