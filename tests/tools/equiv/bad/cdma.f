equiv_count.sv
equiv_sum.sv
