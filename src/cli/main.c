/* racefree: prove pthreaded programs free of data races, or show the racing schedule. */
#include <stdio.h>
#include <locale.h>
#include "rf-cli.h"

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_autoptr (GString) out = g_string_new (NULL);
  g_autoptr (GString) err = g_string_new (NULL);
  int code = rf_cli_run (argc, argv, out, err);
  fwrite (out->str, 1, out->len, stdout);
  fflush (stdout);
  fwrite (err->str, 1, err->len, stderr);
  return code;
}
