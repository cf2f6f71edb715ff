/* racefree: prove pthreaded programs free of data races, or show the racing schedule.
 * Standard output and error are written through as the command produces them. */
#include <locale.h>
#include <unistd.h>
#include "rf-cli.h"

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_autoptr (RfOut) out = rf_out_new_fd (STDOUT_FILENO, "standard output");
  g_autoptr (RfOut) err = rf_out_new_fd (STDERR_FILENO, "standard error");
  return rf_cli_run (argc, argv, out, err);
}
