// The fixed twin of sem_ambiguous_post.c: the extra post names its semaphore
// (`other`), so only the post after the message is written lets the consumer in.
// expect: message race-free
// racy-twin: sem_ambiguous_post.c
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

int message;
sem_t ready, other;

static void post_one (void)
{
  sem_post (&other);
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
  (void) argc;
  pthread_create (&p, NULL, producer, NULL);
  pthread_create (&c, NULL, consumer, NULL);
  return 0;
}
