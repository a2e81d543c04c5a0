! call dgemm_batch(...) and dgemm_batch_strided(...) from gfortran against
! libswblas.so, as MKL users do: two groups (the second with A transposed, a
! padded leading dimension and NaN in C under beta = 0), the matrix
! addresses passed as INTEGER(KIND=8) values of C_LOC; then a strided batch
! with B transposed, and complex ones (zgemm_batch_strided with A conjugate
! transposed, complex alpha and beta). Results are checked against MATMUL
! with an error bound derived from k and epsilon. Stops with a non-zero
! code on any failure.
program batch_calls
  use, intrinsic :: iso_c_binding, only: c_loc, c_intptr_t
  use, intrinsic :: ieee_arithmetic, only: ieee_value, ieee_quiet_nan
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  external :: dgemm_batch, dgemm_batch_strided, zgemm_batch_strided
  real(dp), target :: a1(5, 3, 2), b1(3, 4, 2), c1(5, 4, 2)
  real(dp), target :: a2(9, 6), b2(7, 2), c2(6, 2)
  real(dp) :: c1_in(5, 4, 2), c2_in(6, 2)
  real(dp), target :: sa(4, 6, 3), sb(5, 6, 3), sc(4, 5, 3)
  real(dp) :: sc_in(4, 5, 3)
  complex(dp) :: za(6, 4, 2), zb(6, 3, 2), zc(4, 3, 2), zc_in(4, 3, 2), zalpha, zbeta
  real(dp) :: re(6, 4, 2), im(6, 4, 2)
  integer(8) :: a_array(3), b_array(3), c_array(3)
  character(len=1) :: transa(2), transb(2)
  integer :: m(2), n(2), k(2), lda(2), ldb(2), ldc(2), group_size(2)
  real(dp) :: alpha(2), beta(2)
  integer :: e, failures

  failures = 0
  call random_number(a1)
  call random_number(b1)
  call random_number(a2)
  call random_number(b2)
  call random_number(c2)
  c1 = ieee_value(1.0_dp, ieee_quiet_nan)
  c1_in = c1
  c2_in = c2

  transa = ['N', 'T']
  transb = ['N', 'n']
  m = [5, 6]
  n = [4, 2]
  k = [3, 7]
  lda = [5, 9]
  ldb = [3, 7]
  ldc = [5, 6]
  alpha = [1.0_dp, -2.0_dp]
  beta = [0.0_dp, 0.5_dp]
  group_size = [2, 1]
  do e = 1, 2
    a_array(e) = address(a1(:, :, e))
    b_array(e) = address(b1(:, :, e))
    c_array(e) = address(c1(:, :, e))
  end do
  a_array(3) = address(a2)
  b_array(3) = address(b2)
  c_array(3) = address(c2)
  call dgemm_batch(transa, transb, m, n, k, alpha, a_array, lda, b_array, ldb, beta, &
                   c_array, ldc, 2, group_size)
  do e = 1, 2
    call check('group 1', c1(:, :, e), matmul(a1(:, :, e), b1(:, :, e)), &
               matmul(abs(a1(:, :, e)), abs(b1(:, :, e))), 1.0_dp, 0.0_dp, c1_in(:, :, e), 3, &
               .false.)
  end do
  call check('group 2', c2, matmul(transpose(a2(1:7, :)), b2), &
             matmul(transpose(abs(a2(1:7, :))), abs(b2)), -2.0_dp, 0.5_dp, c2_in, 7, .true.)

  call random_number(sa)
  call random_number(sb)
  call random_number(sc)
  sc_in = sc
  ! C(4x5) := 1.5 * A(4x6) * B^T (B stored 5x6) + 2 * C, three times.
  call dgemm_batch_strided('N', 'T', 4, 5, 6, 1.5_dp, sa, 4, 24, sb, 5, 30, 2.0_dp, sc, 4, &
                           20, 3)
  do e = 1, 3
    call check('strided', sc(:, :, e), matmul(sa(:, :, e), transpose(sb(:, :, e))), &
               matmul(abs(sa(:, :, e)), transpose(abs(sb(:, :, e)))), 1.5_dp, 2.0_dp, &
               sc_in(:, :, e), 6, .true.)
  end do

  ! C(4x3) := alpha * A^H (A stored 6x4) * B(6x3) + beta * C, twice.
  call random_number(re)
  call random_number(im)
  za = cmplx(re, im, dp)
  zb = cmplx(re(:, 1:3, :), -im(:, 2:4, :), dp)
  zc = cmplx(re(1:4, 1:3, :), im(3:6, 2:4, :), dp)
  zc_in = zc
  zalpha = (0.5_dp, -1.25_dp)
  zbeta = (2.0_dp, 0.75_dp)
  call zgemm_batch_strided('C', 'N', 4, 3, 6, zalpha, za, 6, 24, zb, 6, 18, zbeta, zc, 4, 12, 2)
  do e = 1, 2
    if (any(.not. (abs(zc(:, :, e) - (zalpha * matmul(conjg(transpose(za(:, :, e))), zb(:, :, e)) + &
                                      zbeta * zc_in(:, :, e))) <= 1.0e-13_dp))) then
      print '(a)', 'wrong result: zgemm_batch_strided'
      failures = failures + 1
    end if
  end do

  if (failures /= 0) then
    print '(i0, a)', failures, ' batched call(s) wrong'
    stop 1
  end if
  print '(a)', 'dgemm_batch, dgemm_batch_strided, zgemm_batch_strided: all results within bounds'

contains

  ! The address of a contiguous array section, as MKL's Fortran interface
  ! takes it.
  integer(8) function address(x)
    real(dp), target, contiguous, intent(in) :: x(:, :)
    address = int(transfer(c_loc(x), 0_c_intptr_t), 8)
  end function address

  ! got must equal alpha * product + beta * c_in (only when reads_c: under
  ! beta = 0 C is not read) within 2 (k + 2) eps (|alpha| * magnitude +
  ! |beta * c_in|).
  subroutine check(what, got, product, magnitude, alpha, beta, c_in, kk, reads_c)
    character(len=*), intent(in) :: what
    real(dp), intent(in) :: got(:, :), product(:, :), magnitude(:, :), c_in(:, :)
    real(dp), intent(in) :: alpha, beta
    integer, intent(in) :: kk
    logical, intent(in) :: reads_c
    real(dp) :: old(size(got, 1), size(got, 2))
    if (reads_c) then
      old = beta * c_in
    else
      old = 0.0_dp
    end if
    if (any(.not. (abs(got - (alpha * product + old)) <= &
                   2 * (kk + 2) * epsilon(1.0_dp) * (abs(alpha) * magnitude + abs(old))))) then
      print '(a, a)', 'wrong result: ', what
      failures = failures + 1
    end if
  end subroutine check

end program batch_calls
