#include "cli/run.h"

int main(int argc, char** argv) { return umpire::cli::run(argc, argv); }
