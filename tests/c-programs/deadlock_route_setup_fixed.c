// deadlock_route_setup_fixed.c: main calls setup_tables(), which locks route_lock then arp_lock, before it starts the ARP refresher thread (arp_lock then route_lock), and takes no lock afterwards; the opposite orders are never used by two threads that run at the same time, so no deadlock is possible.
// expect: routes[] race-free
// expect: arp_valid[] race-free
// expect-deadlock: lock order route_lock -> arp_lock -> route_lock: deadlock-free (proved)
// racy-twin: deadlock_route_setup.c
// mutants: none: its lock sections nest on purpose (a deadlock test): deleting one lock of a
//   nested pair leaves the data guarded by the other, or written by one thread alone
#include <pthread.h>
#include <stdio.h>

#define NROUTES 16

static pthread_mutex_t route_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t arp_lock = PTHREAD_MUTEX_INITIALIZER;

static int routes[NROUTES];    /* guarded by route_lock */
static int arp_valid[NROUTES]; /* guarded by arp_lock */

static void setup_tables(void)
{
    pthread_mutex_lock(&route_lock);
    pthread_mutex_lock(&arp_lock);
    for (int i = 0; i < NROUTES; i++) {
        routes[i] = 100 + i;
        arp_valid[i] = 1;
    }
    pthread_mutex_unlock(&arp_lock);
    pthread_mutex_unlock(&route_lock);
}

static void *arp_refresher(void *arg)
{
    (void)arg;
    for (int pass = 0; pass < 200; pass++) {
        pthread_mutex_lock(&arp_lock);
        pthread_mutex_lock(&route_lock);
        for (int i = 0; i < NROUTES; i++)
            if (routes[i] == 0)
                arp_valid[i] = 0;
        pthread_mutex_unlock(&route_lock);
        pthread_mutex_unlock(&arp_lock);
    }
    return NULL;
}

int main(void)
{
    pthread_t refresher;

    setup_tables();     /* before any other thread exists */
    pthread_create(&refresher, NULL, arp_refresher, NULL);
    pthread_join(refresher, NULL);

    int valid = 0;
    for (int i = 0; i < NROUTES; i++)
        valid += arp_valid[i];
    printf("%d valid ARP entries\n", valid);
    return 0;
}
