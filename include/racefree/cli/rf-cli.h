/* rf-cli: the racefree command line (check, net, help). */
#pragma once

#include <glib.h>
#include "rf-out.h"

G_BEGIN_DECLS

/* Exit codes. */
enum {
  RF_EXIT_OK = 0,       /* everything proved race-free */
  RF_EXIT_RACE = 1,     /* a race was found */
  RF_EXIT_INPUT = 2,    /* usage or input error */
  RF_EXIT_UNKNOWN = 3,  /* some verdict unknown (budget) */
  RF_EXIT_INTERRUPTED = 130,  /* interrupted (SIGINT): the verdicts decided so far reported */
};

/* Runs the command line; OUT and ERR receive standard output and error text, each
 * piece as soon as it is ready. Returns the exit code: RF_EXIT_INPUT, after a message
 * in ERR, when a write to OUT failed (and when one to ERR failed). */
int rf_cli_run (int argc, char **argv, RfOut *out, RfOut *err);

G_END_DECLS
