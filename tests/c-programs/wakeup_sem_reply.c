// wakeup_sem_reply.c: main sends two requests to one server thread and waits for a reply
// to each on the semaphore `replied`; the server answers only the first request it
// takes and then stops. main's second sem_wait waits for ever: nothing left posts it.
// expect: reply race-free
// expect-deadlock: wait on replied: LOST WAKE-UP
// fixed-twin: wakeup_sem_reply_fixed.c
#include <pthread.h>
#include <semaphore.h>
#include <stddef.h>

static sem_t requested, replied;
static int reply;

static void *
server (void *arg)
{
  (void) arg;
  sem_wait (&requested);
  reply = 1;
  sem_post (&replied);
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
