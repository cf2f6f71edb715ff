// A post through a pointer that may denote either semaphore: the model cannot tell
// which one gets the token, so neither gives any blocking (warning), and the
// hand-off on `ready` is no longer trusted. Here that is right: post_one may post
// `ready` before the message is written.
// expect: message RACE
// expect: which race-free
// expect-stderr: warning: semaphore 'ready' gives no blocking in the model
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

int message;
sem_t ready, other;
sem_t *which;

static void post_one (void)
{
  sem_post (which);
}

static void *producer (void *arg)
{
  (void) arg;
  post_one ();
  message = 42;
  sem_post (&ready);
  return NULL;
}

static void *consumer (void *arg)
{
  (void) arg;
  sem_wait (&ready);
  printf ("%d\n", message);
  return NULL;
}

int main (int argc, char **argv)
{
  pthread_t p, c;
  (void) argv;
  sem_init (&ready, 0, 0);
  sem_init (&other, 0, 0);
  which = argc > 1 ? &ready : &other;
  pthread_create (&p, NULL, producer, NULL);
  pthread_create (&c, NULL, consumer, NULL);
  return 0;
}
