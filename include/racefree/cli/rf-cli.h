/* rf-cli: the racefree command line (check, net, help). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Exit codes. */
enum {
  RF_EXIT_OK = 0,       /* everything proved race-free */
  RF_EXIT_RACE = 1,     /* a race was found */
  RF_EXIT_INPUT = 2,    /* usage or input error */
  RF_EXIT_UNKNOWN = 3,  /* some verdict unknown (budget) */
};

/* Runs the command line; OUT and ERR receive standard output and error text.
 * Returns the exit code. */
int rf_cli_run (int argc, char **argv, GString *out, GString *err);

G_END_DECLS
