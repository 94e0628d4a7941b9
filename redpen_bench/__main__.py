from redpen_bench.cli import main

main()
