// wakeup_sem_reply_fixed.c: the server answers exactly two requests, one post of
// `replied` for each, so both of main's waits end.
// expect: reply race-free
// racy-twin: wakeup_sem_reply.c
#include <pthread.h>
#include <semaphore.h>
#include <stddef.h>

static sem_t requested, replied;
static int reply;

static void
serve_one (int value)
{
  sem_wait (&requested);
  reply = value;
  sem_post (&replied);
}

static void *
server (void *arg)
{
  (void) arg;
  serve_one (1);
  serve_one (2);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  int sum = 0;
  sem_init (&requested, 0, 0);
  sem_init (&replied, 0, 0);
  pthread_create (&t, NULL, server, NULL);
  sem_post (&requested);
  sem_wait (&replied);
  sum += reply;
  sem_post (&requested);
  sem_wait (&replied);
  sum += reply;
  pthread_join (t, NULL);
  return sum;
}
